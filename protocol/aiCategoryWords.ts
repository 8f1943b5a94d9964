/**
 * The known AI-alarm categories in words, in both languages: the console's alarm pages show them,
 * and the server writes them into notifications, so the two can never name a category differently.
 */
import type { AI_CATEGORIES } from './aiAlarms.ts';

type CategoryWords = Record<(typeof AI_CATEGORIES)[number], string>;

export const AI_CATEGORY_WORDS: { zh: CategoryWords; en: CategoryWords } = {
  zh: {
    person: '人员',
    vehicle: '车辆',
    smoke: '烟雾',
    fire: '火情',
    ship: '船只',
    animal: '动物',
    gas_ch4: '甲烷超限',
    gas_h2s: '硫化氢超限',
    gas_nh3: '氨气超限',
    gas_voc: 'VOC 超限',
    gas_so2: '二氧化硫超限',
    gas_co: '一氧化碳超限',
    gas_odour: '臭气浓度超限',
    airspace_nfz: '接近或进入禁飞区',
    airspace_fence: '接近边界或飞出作业区',
  },
  en: {
    person: 'Person',
    vehicle: 'Vehicle',
    smoke: 'Smoke',
    fire: 'Fire',
    ship: 'Ship',
    animal: 'Animal',
    gas_ch4: 'Methane over limit',
    gas_h2s: 'H₂S over limit',
    gas_nh3: 'Ammonia over limit',
    gas_voc: 'VOC over limit',
    gas_so2: 'SO₂ over limit',
    gas_co: 'CO over limit',
    gas_odour: 'Odour over limit',
    airspace_nfz: 'Near or inside a no-fly area',
    airspace_fence: 'Near the edge of or outside an operation area',
  },
};

/** A category in `lang`'s words; one a device made up is shown as it came. */
export function categoryWord(category: string, lang: 'zh' | 'en'): string {
  const words: Readonly<Record<string, string | undefined>> = AI_CATEGORY_WORDS[lang];
  return words[category] ?? category;
}
