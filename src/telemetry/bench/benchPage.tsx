/**
 * The browser benchmark's page: the console's own telemetry path (worker, bridge, fleet store) and,
 * in `map` mode, the workbench map, fed straight by a broker; or the naive baseline. No server, no
 * shell: what is measured is the browser's share alone. See bench/e2e/browserSection.ts.
 */
import { createRoot } from 'react-dom/client';
import { initI18n } from '../../i18n/index.ts';
import { WorkbenchMap } from '../../pages/dashboard/map/WorkbenchMap.tsx';
import { startTelemetryBridge } from '../bridge.ts';
import { installProbe } from '../frameProbe.ts';
import type { BenchPageConfig } from './benchConfig.ts';
import { startNaiveBaseline } from './naiveBaseline.ts';

const noop = (): void => undefined;

async function start(config: BenchPageConfig): Promise<void> {
  if (config.mode === 'naive') {
    startNaiveBaseline(config.ws);
    return;
  }
  await initI18n();
  await installProbe();
  startTelemetryBridge({
    token: () => 'bench',
    clientId: () => '100001',
    serials: () => config.sns,
    watch: () => noop,
    loadConfig: () => Promise.resolve({ ws_url: config.ws, username: 'bench' }),
    refresh: () => Promise.resolve(false),
    setOnline: noop,
  });
  if (config.mode !== 'map') return;
  const root = document.getElementById('root');
  if (root === null) return;
  createRoot(root).render(
    <div data-testid="workbench-map" style={{ width: '100%', height: '100%' }}>
      <WorkbenchMap selected={null} follow={false} onSelect={noop} onStopFollow={noop} />
    </div>,
  );
}

const config = globalThis.__benchConfig;
if (config !== undefined) void start(config);
