import { beforeEach, describe, expect, it } from 'vitest';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeSideTags,
  closeTag,
  neighbourOf,
  resetTags,
  tagsStore,
  type Tag,
} from '../../src/state/tags.ts';

function tag(path: string, affix = false): Tag {
  const title = path.slice(1);
  return {
    path,
    fullPath: path,
    name: title,
    title,
    meta: { title, affix, noCache: false },
    params: {},
    query: {},
  };
}

const paths = () => tagsStore.tags.map((t) => t.path);
const HOME = '/dashboard';

describe('tag rules', () => {
  beforeEach(() => {
    localStorage.clear();
    resetTags();
  });

  it('puts the home tag first when no position is known, others at the end', () => {
    addTag(tag('/task'), null, HOME);
    addTag(tag(HOME, true), null, HOME);
    expect(paths()).toEqual([HOME, '/task']);
  });

  it('puts a new tag right after the active one and ignores an open path', () => {
    for (const p of [HOME, '/task', '/device']) addTag(tag(p), paths().at(-1) ?? null, HOME);
    addTag(tag('/logs'), '/task', HOME);
    expect(paths()).toEqual([HOME, '/task', '/logs', '/device']);
    addTag(tag('/task'), '/device', HOME);
    expect(paths()).toEqual([HOME, '/task', '/logs', '/device']);
  });

  it('updates the full path of an open tag whose query changed', () => {
    addTag(tag('/task'), null, HOME);
    addTag({ ...tag('/task'), fullPath: '/task?page=2' }, '/task', HOME);
    expect(tagsStore.tags[0]?.fullPath).toBe('/task?page=2');
  });

  it('keeps affix tags through close, close other, sides and close all', () => {
    for (const p of ['/a', '/b', '/c', '/d']) addTag(tag(p), paths().at(-1) ?? null, HOME);
    addTag(tag(HOME, true), null, HOME);
    expect(paths()).toEqual([HOME, '/a', '/b', '/c', '/d']);
    closeTag(HOME);
    expect(paths()).toContain(HOME);
    closeSideTags('/c', 'left');
    expect(paths()).toEqual([HOME, '/c', '/d']);
    closeSideTags('/c', 'right');
    expect(paths()).toEqual([HOME, '/c']);
    addTag(tag('/e'), '/c', HOME);
    closeOtherTags('/e');
    expect(paths()).toEqual([HOME, '/e']);
    closeAllTags();
    expect(paths()).toEqual([HOME]);
  });

  it('persists the list and names the neighbour to show after a close', () => {
    for (const p of ['/a', '/b', '/c']) addTag(tag(p), paths().at(-1) ?? null, HOME);
    const saved = JSON.parse(localStorage.getItem('tagList') ?? '[]') as Tag[];
    expect(saved.map((t) => t.path)).toEqual(['/a', '/b', '/c']);
    expect(neighbourOf(tagsStore.tags, '/b')?.path).toBe('/c');
    expect(neighbourOf(tagsStore.tags, '/c')?.path).toBe('/b');
  });
});
