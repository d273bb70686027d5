// Add or edit an NGO: name, address, contact info, report and total seats (a whole number ≥ 0); the
// server derives free seats from it and refuses a form loaded before someone else's edit (409).
import { Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { NGO_SEATS_MAX, NgoInputSchema, NgoSchema, type Ngo, type NgoInput } from '#shared/ngos.ts';
import { FormActions } from '#client/components/form-actions.tsx';
import { StaleEditNotice } from '#client/components/stale-edit-notice.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { LocationFields } from '#client/components/location-fields.tsx';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSaveNgo } from './ngos.api.ts';

/** Mantine's error red (red.6) is 3.3:1 on white and fails axe; red.9 passes (lead: a theme-wide fix would retire this). */
const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

interface Values {
  name: string;
  address: string;
  contactInfo: string;
  report: string;
  seatsTotal: number | string;
  state: string;
  district: string;
}

const TEXTS: FieldTexts = {
  name: { required: 'form.error.nameRequired', otherwise: 'form.error.tooLong' },
  address: { required: 'form.error.addressRequired', otherwise: 'form.error.tooLong' },
  contactInfo: { required: 'form.error.contactRequired', otherwise: 'form.error.tooLong' },
  report: 'form.error.tooLong',
  seatsTotal: { too_big: 'form.error.seatsTooMany', otherwise: 'form.error.seats' },
};

/** What the schema checks: seats as a number (none when left empty), and a location only with a state. */
function inputOf(values: Values) {
  const seats =
    typeof values.seatsTotal === 'number' ? values.seatsTotal : values.seatsTotal.trim() === '' ? undefined : Number(values.seatsTotal);
  const location = values.state ? { state: values.state, district: values.district } : { state: undefined, district: undefined };
  return { ...values, seatsTotal: seats, ...location };
}

export function NgoFormModal({ ngo, opened, onClose }: { ngo: Ngo | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('ngos');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={ngo ? t('form.editTitle', { name: ngo.name }) : t('form.addTitle')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      size="lg"
    >
      {opened && <NgoForm ngo={ngo} onDone={onClose} />}
    </Modal>
  );
}

const valuesOf = (ngo: Ngo): Values => ({
  name: ngo.name,
  address: ngo.address,
  contactInfo: ngo.contactInfo,
  report: ngo.report,
  seatsTotal: ngo.seatsTotal,
  state: ngo.state ?? '',
  district: ngo.district ?? '',
});

/** The NGO as saved now when `err` is a stale edit (409 ngo_changed); undefined otherwise. */
function staleNgoOf(err: unknown): Ngo | undefined {
  if (!(err instanceof ApiError) || err.code !== 'ngo_changed') return undefined;
  const parsed = NgoSchema.safeParse(err.current);
  return parsed.success ? parsed.data : undefined;
}

const SHOWN_FIELDS = ['name', 'address', 'contactInfo', 'report', 'seatsTotal'] as const;

function NgoForm({ ngo, onDone }: { ngo: Ngo | null; onDone: () => void }) {
  const { t } = useTranslation('ngos');
  const errorText = useErrorText();
  const save = useSaveNgo();
  // The NGO as this form was loaded: its version goes with the save; someone else's edit since is a 409.
  const [loaded, setLoaded] = useState(ngo);
  const [stale, setStale] = useState<{ error: unknown; current: Ngo } | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: ngo ? valuesOf(ngo) : { name: '', address: '', contactInfo: '', report: '', seatsTotal: '', state: '', district: '' },
    validate: schemaResolver(NgoInputSchema, t, { texts: TEXTS, input: inputOf }),
  });

  const submit = (values: Values) => {
    const input: NgoInput = NgoInputSchema.parse(inputOf(values));
    save.mutate(loaded ? { id: loaded.id, input: { ...input, version: loaded.version } } : { id: null, input }, {
      onSuccess: (saved) => {
        notify.success(t('form.saved', { name: saved.name }));
        onDone();
      },
      onError: (err) => {
        const current = staleNgoOf(err);
        // Shown in the form with the values saved now, not as a passing notice.
        if (current) return setStale({ error: err, current });
        form.setErrors(serverFieldErrors(err, t, TEXTS, inputOf(values)));
        notify.error(t('form.failed', { message: errorText(err) }));
      },
    });
  };

  const loadCurrent = (current: Ngo) => {
    form.setValues(valuesOf(current));
    form.clearErrors();
    setLoaded(current);
    setStale(null);
  };

  const staleRows = (current: Ngo) =>
    SHOWN_FIELDS.filter((f) => !loaded || String(loaded[f]) !== String(current[f])).map((f) => ({
      label: t(`field.${f}`),
      value: String(current[f]),
    }));

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} style={ERROR_CONTRAST}>
      <Stack gap="sm">
        <TextInput label={t('field.name')} required maxLength={LIMITS.nameMax} {...form.getInputProps('name')} />
        <Textarea
          label={t('field.address')}
          required
          autosize
          minRows={2}
          maxLength={LIMITS.addressMax}
          {...form.getInputProps('address')}
        />
        <Textarea
          label={t('field.contactInfo')}
          required
          autosize
          minRows={2}
          maxLength={LIMITS.ngoTextMax}
          {...form.getInputProps('contactInfo')}
        />
        <Textarea label={t('field.report')} autosize minRows={3} maxLength={LIMITS.ngoTextMax} {...form.getInputProps('report')} />
        <NumberInput
          label={t('field.seatsTotal')}
          description={ngo ? t('field.seatsTotal.hintAssigned', { count: ngo.assignedCount }) : t('field.seatsTotal.hint')}
          required
          min={0}
          max={NGO_SEATS_MAX}
          allowDecimal={false}
          // '-3' stays '-3' and is refused with a reason, instead of silently becoming 3.
          allowNegative
          clampBehavior="none"
          inputMode="numeric"
          {...form.getInputProps('seatsTotal')}
        />
        <LocationFields form={form} purpose="ngo" />
        {stale && (
          <StaleEditNotice message={errorText(stale.error)} rows={staleRows(stale.current)} onLoad={() => loadCurrent(stale.current)} />
        )}
        <FormActions cancel={t('form.cancel')} onCancel={onDone} submit={t('form.save')} loading={save.isPending} />
      </Stack>
    </form>
  );
}
