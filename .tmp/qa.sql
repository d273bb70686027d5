
      with scope as materialized (select pr.id from prisons pr join users u on u.id = '89db3457-b313-49a2-9e31-5278f421c03b'
      and pr.state = u.scope_state and pr.district = u.scope_district), hits as ((select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        where p.prison_id = s.id  order by p.name_key using ~<~, p.id limit '51') h))
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
      left join lateral (select null::uuid as family_member_id, null::text as family_member_name, false as has_lawyer) f on true
      left join lateral (select bool_or(c.bail_granted_on is not null and c.released_on is null) as bailed,
          bool_or(c.released_on is null and c.s479_eligible_on <= d.as_of) as eligible,
          bool_or(c.released_on is null and c.default_bail_eligible_on <= d.as_of
            and (c.chargesheet_filed_on is null or c.chargesheet_filed_on > d.as_of)) as default_bail_due
        from cases c cross join release_clock d where c.prisoner_id = p.id) n on true
      order by page.name_key using ~<~, page.id