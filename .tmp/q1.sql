
      with scope as materialized (select '70a66ce6-72e8-4e3f-b55f-599087882d0e'::uuid as id), hits as (
      (select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        -- A range on the key (byte order, as prisoners_prison_name_key_idx holds it): what starts with the query's key.
        where p.prison_id = s.id and p.name_key ~>=~ prisoner_name_key('ram') and p.name_key ~<~ (prisoner_name_key('ram') || '􏿿')
        order by p.name_key using ~<~, p.id limit '51') h where prisoner_name_key('ram') <> '')
      union (select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        where p.prison_id = s.id and lower(p.prisoner_number) ~>=~ 'ram' and lower(p.prisoner_number) ~<~ 'ram􏿿' and lower(p.prisoner_number) like 'ram%' and p.prisoner_number is not null
        order by lower(p.prisoner_number) using ~<~ limit '200') h)
      union (select p.id, p.name_key from (select c.prisoner_id from cases c where lower(c.case_number) ~>=~ 'ram' and lower(c.case_number) ~<~ 'ram􏿿' and lower(c.case_number) like 'ram%'
        order by lower(c.case_number) using ~<~ limit '200') c
      join prisoners p on p.id = c.prisoner_id where p.prison_id in (select id from scope))
      union (select p.id, p.name_key from (select c.prisoner_id from cases c where lower(c.fir_number) ~>=~ 'ram' and lower(c.fir_number) ~<~ 'ram􏿿' and lower(c.fir_number) like 'ram%'
        order by lower(c.fir_number) using ~<~ limit '200') c
      join prisoners p on p.id = c.prisoner_id where p.prison_id in (select id from scope))
      union (select p.id, p.name_key from scope s cross join lateral (select m.user_id from family_members m
        where m.prison_id = s.id and lower(m.name) ~>=~ 'ram' and lower(m.name) ~<~ 'ram􏿿' and lower(m.name) like 'ram%' order by lower(m.name) using ~<~ limit '51') m
      join prisoner_followers f on f.family_member_id = m.user_id
      join prisoners p on p.id = f.prisoner_id where p.prison_id in (select id from scope)))
      select p.id, p.name, p.name_latin, p.name_key, p.relative_name, p.prisoner_number, pr.name as prison_name, p.status,
        f.family_member_id, f.family_member_name,
        array_remove(array[
          case when not coalesce(f.has_lawyer, false) then 'no-lawyer' end,
          case when n.bailed then 'bailed-not-released' end,
          case when n.eligible then 'eligible-now' end,
          case when n.default_bail_due then 'default-bail-due' end
        ], null) as needs
      -- The page's prisoners first (by the name key, in scope), then what each shows, read for the page's
      -- rows only: their followers (the first, and whether any has a lawyer) and their cases, one index range each.
      from (select h.id, h.name_key from hits h order by h.name_key using ~<~, h.id limit '51') page
      join prisoners p on p.id = page.id
      left join prisons pr on pr.id = p.prison_id
      left join lateral (select (array_agg(ff.family_member_id order by ff.joined_at, ff.family_member_id))[1] as family_member_id,
          (array_agg(mm.name order by ff.joined_at, ff.family_member_id))[1] as family_member_name,
          bool_or(mm.accepted_lawyers > 0) as has_lawyer
        from prisoner_followers ff join family_members mm on mm.user_id = ff.family_member_id
        where ff.prisoner_id = p.id) f on true
      left join lateral (select bool_or(c.bail_granted_on is not null and c.released_on is null) as bailed,
          bool_or(c.released_on is null and c.s479_eligible_on <= d.as_of) as eligible,
          bool_or(c.released_on is null and c.default_bail_eligible_on <= d.as_of
            and (c.chargesheet_filed_on is null or c.chargesheet_filed_on > d.as_of)) as default_bail_due
        from cases c cross join release_clock d where c.prisoner_id = p.id) n on true
      order by page.name_key using ~<~, page.id