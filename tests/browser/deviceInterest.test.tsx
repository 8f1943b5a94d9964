import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDeviceTelemetry } from '../../src/fleet/fleet.ts';
import { interestSerials } from '../../src/fleet/interest.ts';

function Reader({ sn }: { sn: string }) {
  const live = useDeviceTelemetry(sn);
  return <span>{live === null ? 'none' : live.sn}</span>;
}

describe('what the UI reads is what the worker sends in detail', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('holds each device a mounted component reads, and lets it go when the last one unmounts', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    act(() =>
      root.render(
        <>
          <Reader sn="UAV0042" />
          <Reader sn="UAV0042" />
          <Reader sn="DOCK0001" />
          <Reader sn="" />
        </>,
      ),
    );
    expect(interestSerials()).toEqual(['DOCK0001', 'UAV0042']);

    act(() => root.render(<Reader sn="UAV0042" />));
    expect(interestSerials()).toEqual(['UAV0042']);

    act(() => root.render(<Reader sn="UAV0043" />));
    expect(interestSerials()).toEqual(['UAV0043']);

    act(() => root.unmount());
    expect(interestSerials()).toEqual([]);
    host.remove();
  });
});
