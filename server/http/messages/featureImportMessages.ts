import type { MessageTable } from './messageTable.ts';

/** Feature point imports: why a file was refused. */
export const featureImportMessages = {
  'feature.import_refused': [
    '导入被拒绝：{rows} 行有误，未导入任何特征点',
    'Import refused: {rows} bad row(s), nothing was imported',
  ],
  'feature.import_refused_file': [
    '导入被拒绝，未导入任何特征点',
    'Import refused, nothing was imported',
  ],
  'feature.import_empty': ['文件中没有特征点', 'the file holds no points'],
  'feature.import_too_many': [
    '文件中的特征点超过 {max} 个：每次最多导入 {max} 个特征点',
    'the file holds more than {max} points: at most {max} points per import',
  ],
  'feature.import_unlisted': [
    '……另有 {count} 个问题未列出（共 {total} 个）',
    '… {count} more problem(s) not listed ({total} in all)',
  ],
  'feature.import_memory': [
    '文件过于复杂：读取需要超过 {mb} MB 内存（内存上限）',
    'the file is too complex: reading it needs more than {mb} MB of memory (the memory limit)',
  ],
  'feature.import_time': [
    '文件过于复杂：读取超过 {seconds} 秒（时间上限）',
    'the file is too complex: reading it takes longer than {seconds} s (the time limit)',
  ],
} as const satisfies MessageTable;
