import { useEffect } from 'react';

function quiet(root: ParentNode): void {
  if (root instanceof HTMLFormElement) root.noValidate = true;
  root.querySelectorAll('form').forEach((form) => (form.noValidate = true));
}

/**
 * Turns the browser's own form validation off in every form the console draws, now or later (dialogs
 * mount into portals). Its bubbles speak the browser's language, not the interface's, and would stop
 * a submit before our own checks show their messages in zh-CN or English.
 */
export function useNoNativeValidation(): void {
  useEffect(() => {
    quiet(document);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) quiet(node);
        });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
