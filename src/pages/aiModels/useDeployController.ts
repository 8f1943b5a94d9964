import { useEffect, useState } from 'react';
import type { ModelTarget } from '../../../protocol/models.ts';
import { deployModel, fetchModelTargets } from '../../api/models.ts';
import { useModelDetail } from './useModelDetail.ts';

/**
 * The deploy dialog's state apart from its looks: the model and the devices it may go to, the
 * version and devices chosen, the send, and afterwards the chosen devices' deployments (the model
 * is read again after the send, and polled while they are under way).
 */
export function useDeployController(modelId: number, versionId: number | undefined) {
  const [reload, setReload] = useState(0);
  const model = useModelDetail(modelId, reload);
  const [targets, setTargets] = useState<ModelTarget[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<number | null>(versionId ?? null);
  const [sent, setSent] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void fetchModelTargets(modelId)
      .then(setTargets)
      .catch(() => setTargets([]));
  }, [modelId]);
  const version = picked ?? model?.versions[0]?.id ?? null;
  const toggle = (sn: string) =>
    setChosen((all) => {
      const next = new Set(all);
      if (next.has(sn)) next.delete(sn);
      else next.add(sn);
      return next;
    });
  const send = () => {
    if (version === null || chosen.size === 0) return;
    setBusy(true);
    const sns = [...chosen];
    void deployModel(version, sns)
      .then(() => {
        setSent(sns);
        setReload((n) => n + 1);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const progress = sent && model ? model.deployments.filter((d) => sent.includes(d.device_sn)) : [];
  return { model, targets, chosen, toggle, version, setPicked, sent, busy, send, progress };
}
