/**
 * The offline basemap's colours per console theme: land and sea must read apart, labels stay
 * legible.
 */
export interface OfflinePalette {
  sea: string;
  land: string;
  coast: string;
  border: string;
  grid: string;
  gridLabel: string;
  place: string;
  placeHalo: string;
}

export const OFFLINE_PALETTES: Record<'dark' | 'light', OfflinePalette> = {
  dark: {
    sea: '#0e1a26',
    land: '#1f2c38',
    coast: '#4a6f91',
    border: '#a084b6',
    grid: '#2f4358',
    gridLabel: '#7f93a8',
    place: '#d3dae2',
    placeHalo: '#0e1a26',
  },
  light: {
    sea: '#bcd4e6',
    land: '#f4f2ec',
    coast: '#7f9db8',
    border: '#8a5fa8',
    grid: '#c3ced8',
    gridLabel: '#5c7080',
    place: '#1c2127',
    placeHalo: '#ffffff',
  },
};
