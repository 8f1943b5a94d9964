import type { WaylineMission } from '../../protocol/waylines.ts';
import { Fields } from './fields.ts';
import { child, type XmlNode } from './wpmlXml.ts';

/** `wpml:missionConfig` of a Document (protocol §6.2). */
export function readMission(document: XmlNode, file: string): WaylineMission {
  const f = new Fields(file);
  const config = f.element(document, 'missionConfig');
  const drone = f.element(config, 'droneInfo');
  const payload = child(config, 'wpml:payloadInfo');
  return {
    flyToWaylineMode: f.optionalText(config, 'flyToWaylineMode') ?? 'safely',
    finishAction: f.text(config, 'finishAction'),
    exitOnRCLost: f.optionalText(config, 'exitOnRCLost') ?? 'executeLostAction',
    executeRCLostAction: f.optionalText(config, 'executeRCLostAction'),
    takeOffSecurityHeight: f.optionalNumber(config, 'takeOffSecurityHeight') ?? 20,
    globalTransitionalSpeed: f.optionalNumber(config, 'globalTransitionalSpeed') ?? 10,
    globalRTHHeight: f.optionalNumber(config, 'globalRTHHeight'),
    droneEnumValue: f.integer(drone, 'droneEnumValue'),
    droneSubEnumValue: f.optionalNumber(drone, 'droneSubEnumValue') ?? 0,
    payloadEnumValue: f.optionalNumber(payload, 'payloadEnumValue'),
    payloadPositionIndex: f.optionalNumber(payload, 'payloadPositionIndex'),
  };
}
