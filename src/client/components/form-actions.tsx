// A form's closing row: the way out on the left, the submit button on the right.
import { Button, Group, type GroupProps } from '@mantine/core';

export function FormActions({
  cancel,
  onCancel,
  submit,
  loading,
  justify = 'flex-end',
}: {
  cancel: string;
  onCancel: () => void;
  submit: string;
  loading: boolean;
  justify?: GroupProps['justify'];
}) {
  return (
    <Group justify={justify} gap="xs">
      <Button variant="default" onClick={onCancel}>
        {cancel}
      </Button>
      <Button type="submit" loading={loading}>
        {submit}
      </Button>
    </Group>
  );
}
