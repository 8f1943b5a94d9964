import { useMemo, useState } from 'react';
import { Tree } from '@blueprintjs/core';
import type { TreeNodeInfo } from '@blueprintjs/core';
import type { LiveStream } from '../../../protocol/video.ts';
import { OnlineTag } from './OnlineTag.tsx';

const DOCK_DOMAIN = 3;

interface Props {
  streams: readonly LiveStream[];
  playing: ReadonlySet<string>;
  onPick: (videoId: string) => void;
}

/** Docks with their aircraft underneath, each with its online state; a click plays it in a tile. */
export function StreamTree({ streams, playing, onPick }: Props) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const nodes = useMemo(() => {
    const leaf = (s: LiveStream): TreeNodeInfo<string> => ({
      id: s.video_id,
      nodeData: s.video_id,
      label: <span data-testid={`stream-${s.device_sn}`}>{s.name}</span>,
      icon: s.domain === DOCK_DOMAIN ? 'home' : 'airplane',
      isSelected: playing.has(s.video_id),
      secondaryLabel: <OnlineTag sn={s.device_sn} listed={s.online} />,
    });
    const docks = streams.filter((s) => s.domain === DOCK_DOMAIN);
    const dockSns = new Set(docks.map((d) => d.device_sn));
    const orphans = streams.filter(
      (s) => s.domain !== DOCK_DOMAIN && !dockSns.has(s.gateway_sn ?? ''),
    );
    return [
      ...docks.map((d) => {
        const children = streams.filter((s) => s.gateway_sn === d.device_sn).map(leaf);
        return {
          ...leaf(d),
          childNodes: children,
          hasCaret: children.length > 0,
          isExpanded: !collapsed.has(d.video_id),
        };
      }),
      ...orphans.map(leaf),
    ];
  }, [streams, playing, collapsed]);

  const toggle = (node: TreeNodeInfo<string>) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      const id = String(node.id);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Tree<string>
      contents={nodes}
      onNodeClick={(node) => node.nodeData && onPick(node.nodeData)}
      onNodeExpand={toggle}
      onNodeCollapse={toggle}
    />
  );
}
