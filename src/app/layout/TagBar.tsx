import { useEffect, useRef, useState, type WheelEvent } from 'react';
import { Alert, Button, ContextMenu, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPageDirty, markPageDirty } from '../../state/dirtyPages.ts';
import { tagsStore, useTagsState, type Tag } from '../../state/tags.ts';
import { menuLabel } from './menuLabel.ts';
import { useTagActions } from './useTagActions.ts';

/** The open-page tags: click to switch, middle-click or × to close, right-click for the rest. */
export function TagBar({ activePath }: { activePath: string }) {
  const { tags } = useTagsState();
  const navigate = useNavigate();
  const { actions, asking, confirm, cancel } = useGuardedActions(activePath);
  const { t } = useTranslation('menu');
  const bar = useRef<HTMLDivElement>(null);
  // The active tag may be far right of a long bar (opened from the sidebar): bring it into view.
  useEffect(() => {
    const active = bar.current?.querySelector('.sd-tag--active');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tags.length]);
  return (
    <div ref={bar} className="sd-tagbar" role="tablist" onWheel={scrollSideways}>
      {tags.map((tag, index) => (
        <ContextMenu
          key={tag.path}
          content={<TagMenu tag={tag} index={index} count={tags.length} actions={actions} />}
        >
          <div
            role="tab"
            aria-selected={tag.path === activePath}
            data-path={tag.path}
            className={`sd-tag${tag.path === activePath ? ' sd-tag--active' : ''}`}
            onClick={() => void navigate(tag.fullPath)}
            onMouseUp={(e) => {
              if (e.button === 1 && !tag.meta.affix) actions.close(tag);
            }}
          >
            <span>{tag.title ? menuLabel(t, tag.title) : t('unnamed', { ns: 'common' })}</span>
            {!tag.meta.affix && (
              <Button
                variant="minimal"
                size="small"
                icon="small-cross"
                aria-label={t('close', { ns: 'tags' })}
                onClick={(e) => {
                  e.stopPropagation();
                  actions.close(tag);
                }}
              />
            )}
          </div>
        </ContextMenu>
      ))}
      <Alert
        isOpen={asking}
        intent="warning"
        icon="warning-sign"
        className="sd-tag-close-alert"
        canEscapeKeyCancel
        confirmButtonText={t('closeDirty.confirm', { ns: 'tags' })}
        cancelButtonText={t('cancel', { ns: 'common' })}
        onConfirm={confirm}
        onCancel={cancel}
      >
        <p>
          <strong>{t('closeDirty.title', { ns: 'tags' })}</strong>
        </p>
        <p>{t('closeDirty.body', { ns: 'tags' })}</p>
      </Alert>
    </div>
  );
}

type TagActions = ReturnType<typeof useTagActions>;

/** The paths a close of the bar would close: `which` of `tag`'s neighbours, never an affix tag. */
function closedBy(tag: Tag | null, which: 'one' | 'other' | 'left' | 'right' | 'all'): string[] {
  const tags = tagsStore.tags;
  const index = tag ? tags.findIndex((x) => x.path === tag.path) : -1;
  const closes = (x: Tag, i: number): boolean => {
    switch (which) {
      case 'one':
        return x.path === tag?.path;
      case 'other':
        return x.path !== tag?.path;
      case 'left':
        return i < index;
      case 'right':
        return i > index;
      case 'all':
        return true;
    }
  };
  return tags.filter((x, i) => !x.meta.affix && closes(x, i)).map((x) => x.path);
}

/**
 * The bar's actions, asking first when a page they would close holds unsaved edits (a page says so
 * through `dirtyPages.ts`; the route editor keeps them as a draft, which the alert tells).
 */
function useGuardedActions(activePath: string) {
  const actions = useTagActions(activePath);
  const [waiting, setWaiting] = useState<{ run: () => void } | null>(null);
  const guard = (paths: string[], run: () => void) => {
    const go = () => {
      run();
      for (const path of paths) markPageDirty(path, false);
    };
    if (paths.some(isPageDirty)) setWaiting({ run: go });
    else go();
  };
  const guarded: TagActions = {
    refresh: (tag) => actions.refresh(tag),
    close: (tag) => guard(closedBy(tag, 'one'), () => actions.close(tag)),
    closeOther: (tag) => guard(closedBy(tag, 'other'), () => actions.closeOther(tag)),
    closeSide: (tag, side) => guard(closedBy(tag, side), () => actions.closeSide(tag, side)),
    closeAll: () => guard(closedBy(null, 'all'), () => actions.closeAll()),
  };
  return {
    actions: guarded,
    asking: waiting !== null,
    confirm: () => {
      waiting?.run();
      setWaiting(null);
    },
    cancel: () => setWaiting(null),
  };
}

/** A vertical wheel turn scrolls the one-row bar sideways (it has nothing to scroll vertically). */
function scrollSideways(e: WheelEvent<HTMLDivElement>) {
  if (e.deltaY === 0 || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
  e.currentTarget.scrollLeft += e.deltaY;
}

interface MenuProps {
  tag: Tag;
  index: number;
  count: number;
  actions: TagActions;
}

function TagMenu({ tag, index, count, actions }: MenuProps) {
  const { t } = useTranslation('tags');
  return (
    <Menu>
      <MenuItem
        icon="refresh"
        text={t('refresh')}
        data-action="refresh"
        onClick={() => actions.refresh(tag)}
      />
      <MenuItem
        icon="cross"
        text={t('close')}
        data-action="close"
        disabled={tag.meta.affix}
        onClick={() => actions.close(tag)}
      />
      <MenuDivider />
      <MenuItem
        icon="disable"
        text={t('closeOther')}
        data-action="closeOther"
        onClick={() => actions.closeOther(tag)}
      />
      <MenuItem
        icon="arrow-left"
        text={t('closeLeft')}
        data-action="closeLeft"
        disabled={index === 0}
        onClick={() => actions.closeSide(tag, 'left')}
      />
      <MenuItem
        icon="arrow-right"
        text={t('closeRight')}
        data-action="closeRight"
        disabled={index === count - 1}
        onClick={() => actions.closeSide(tag, 'right')}
      />
      <MenuItem
        icon="clean"
        text={t('closeAll')}
        data-action="closeAll"
        onClick={() => actions.closeAll()}
      />
    </Menu>
  );
}
