import type { WaylineMission } from '../../protocol/waylines.ts';
import { branch, leaf, type XNode } from './xmlWriter.ts';

/** `wpml:missionConfig` of either file (protocol §6.2). */
export function missionNode(m: WaylineMission): XNode {
  return branch('wpml:missionConfig', [
    leaf('wpml:flyToWaylineMode', m.flyToWaylineMode),
    leaf('wpml:finishAction', m.finishAction),
    leaf('wpml:exitOnRCLost', m.exitOnRCLost),
    leaf('wpml:executeRCLostAction', m.executeRCLostAction),
    leaf('wpml:takeOffSecurityHeight', m.takeOffSecurityHeight),
    leaf('wpml:globalTransitionalSpeed', m.globalTransitionalSpeed),
    leaf('wpml:globalRTHHeight', m.globalRTHHeight),
    branch('wpml:droneInfo', [
      leaf('wpml:droneEnumValue', m.droneEnumValue),
      leaf('wpml:droneSubEnumValue', m.droneSubEnumValue),
    ]),
    m.payloadEnumValue === undefined
      ? null
      : branch('wpml:payloadInfo', [
          leaf('wpml:payloadEnumValue', m.payloadEnumValue),
          leaf('wpml:payloadPositionIndex', m.payloadPositionIndex),
        ]),
  ]);
}
