/** Software rasterizers are recognised by the names browsers give them; GPUs are not mistaken. */
import { describe, expect, it } from 'vitest';
import { isSoftwareRendererName } from '../../../../src/pages/dashboard/map/gl/softwareRenderer.ts';

describe('software renderer', () => {
  it('recognises CPU rasterizers', () => {
    expect(
      isSoftwareRendererName(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRendererName('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRendererName('ANGLE (Microsoft, Microsoft Basic Render Driver, D3D11)')).toBe(
      true,
    );
  });

  it('leaves GPUs and unknown names alone', () => {
    expect(isSoftwareRendererName('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)')).toBe(
      false,
    );
    expect(isSoftwareRendererName('Apple M2')).toBe(false);
    expect(isSoftwareRendererName('WebKit WebGL')).toBe(false);
  });
});
