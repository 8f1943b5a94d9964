/**
 * The `config` request: right after connecting a dock asks for the NTP host to sync its clock with
 * (flight tasks fail on a dock whose clock drifts, protocol §7) and the app credentials it registers
 * with. All four come from the server's configuration; empty values are answered as they are.
 */
import type { ConfigOutput } from '../../protocol/mqtt/requests.ts';
import type { RequestRegistry } from './requestRegistry.ts';

/** Registers the `config` handler answering `settings`. */
export function registerConfigRequest(registry: RequestRegistry, settings: ConfigOutput): void {
  const output: ConfigOutput = { ...settings };
  registry.register('config', () => ({ result: 0, output }));
}
