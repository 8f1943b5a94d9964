import { defineStrings } from '../define.ts';

/** Strings of the basemap switcher and the offline basemap (namespace `map`). */
export default defineStrings({
  'zh-CN': {
    switcher: '底图',
    presets: {
      offline: '离线底图',
      osm: 'OpenStreetMap 栅格',
      vector: '矢量地图',
      tianditu: '天地图',
      tiandituSatellite: '天地图影像',
      amap: '高德地图',
      amapSatellite: '高德卫星',
    },
    needs: '未配置：请设置 {{setting}}',
    gcj02: '高德坐标 (GCJ-02)，设备位置已纠偏',
  },
  en: {
    switcher: 'Basemap',
    presets: {
      offline: 'Offline map',
      osm: 'OpenStreetMap raster',
      vector: 'Vector map',
      tianditu: 'Tianditu',
      tiandituSatellite: 'Tianditu imagery',
      amap: 'AMap',
      amapSatellite: 'AMap satellite',
    },
    needs: 'Not configured: set {{setting}}',
    gcj02: 'AMap coordinates (GCJ-02): positions are shifted to match',
  },
});
