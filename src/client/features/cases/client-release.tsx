// What the law says for each case of a lawyer's client, with a link to change the facts.
import { Stack } from '@mantine/core';
import type { LawyerCase } from '#shared/lawyers.ts';
import { ReleaseExplainer } from './release-explainer.tsx';

export function ClientRelease({ cases }: { cases: LawyerCase[] }) {
  return (
    <Stack gap="md">
      {cases.map((c) => (
        <ReleaseExplainer
          key={c.id}
          caseId={c.id}
          facts={c.facts}
          releasedOn={c.release.releasedOn}
          bailGrantedOn={c.release.bailGrantedOn}
          otherCasesHeld={c.release.otherCasesHeld}
          decidedOn={c.release.decidedOn}
        />
      ))}
    </Stack>
  );
}
