/** The signed-in pilot's latency-guard thresholds, loaded once and saved on demand. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DRC_GUARD_DEFAULTS } from '../../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../../protocol/drc.ts';
import { fetchGuardSettings, saveGuardSettings } from '../../api/drc.ts';
import type { LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';
import { guardConfigOf } from './guardSettings.ts';

export interface GuardSettingsView {
  settings: DrcGuardSettings;
  config: LatencyGuardConfig;
  /** Saves and applies them; rejects with the server's refusal. */
  save: (next: DrcGuardSettings) => Promise<void>;
}

export function useGuardSettings(): GuardSettingsView {
  // The defaults fly until the user's own arrive (a fraction of a second after the page opens).
  const [settings, setSettings] = useState<DrcGuardSettings>(DRC_GUARD_DEFAULTS);
  useEffect(() => {
    let current = true;
    fetchGuardSettings().then(
      (saved) => {
        if (current) setSettings(saved);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const save = useCallback(async (next: DrcGuardSettings) => {
    setSettings(await saveGuardSettings(next));
  }, []);
  const config = useMemo(() => guardConfigOf(settings), [settings]);
  return { settings, config, save };
}
