import { useEffect, useState } from 'react';
import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';
import { useToastStore } from '../../src/toasts/context';
import type { BackupQuotas, RestorableVolume } from './restore-check';

/**
 * A plan's volumes (and, asked for, the backup quotas) through the plan
 * provider's named calls, each failure toasted in spec 3 §8.3's words.
 */
export function useRestoreReads(jobId: string, withQuotas: boolean) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const [volumes, setVolumes] = useState<RestorableVolume[] | null>(null);
  const [quotas, setQuotas] = useState<BackupQuotas | null>(null);

  useEffect(() => {
    let live = true;
    const call = resourceCall(dataProvider);
    call('backup-plan', { id: jobId, name: 'volumes' }).then(
      ({ data }) => live && setVolumes(data as RestorableVolume[]),
      () => live && toasts.error('Unable to get volumes for job.'),
    );
    if (withQuotas) {
      call('backup-plan', { id: jobId, name: 'quotas' }).then(
        ({ data }) => live && setQuotas(data as BackupQuotas),
        () => live && toasts.error('Unable to get quotas.'),
      );
    }
    return () => {
      live = false;
    };
  }, [dataProvider, jobId, withQuotas, toasts]);

  return { volumes, quotas };
}
