import { useNavigate } from 'react-router';
import {
  closeAllTags,
  closeOtherTags,
  closeSideTags,
  closeTag,
  neighbourOf,
  refreshTag,
  tagsStore,
  type Tag,
} from '../../state/tags.ts';
import { HOME_PATH } from '../routeCatalog.ts';

/** The tag bar's operations, each keeping the user on a tag that is still open. */
export function useTagActions(activePath: string) {
  const navigate = useNavigate();

  /** After tags closed: stay if the active one survived, else go to `fallback` or the home page. */
  function settle(fallback?: Tag) {
    if (tagsStore.tags.some((t) => t.path === activePath)) return;
    const last = tagsStore.tags[tagsStore.tags.length - 1];
    void navigate((fallback ?? last)?.fullPath ?? HOME_PATH);
  }

  return {
    refresh(tag: Tag) {
      refreshTag(tag.path);
      if (tag.path !== activePath) void navigate(tag.fullPath);
    },
    close(tag: Tag) {
      const next = neighbourOf(tagsStore.tags, tag.path);
      closeTag(tag.path);
      settle(next);
    },
    closeOther(tag: Tag) {
      closeOtherTags(tag.path);
      settle(tag);
    },
    closeSide(tag: Tag, side: 'left' | 'right') {
      closeSideTags(tag.path, side);
      settle(tag);
    },
    closeAll() {
      closeAllTags();
      settle();
    },
  };
}
