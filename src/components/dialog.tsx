import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  title: ReactNode;
  /** Escape, the close button, or a caller's Cancel. */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** For tests and for styling one dialog. */
  testId?: string;
}

/**
 * A modal dialog on the native `<dialog>` element.
 *
 * showModal() gives the focus trap, the inert background and Escape for free. The dialog lives as
 * long as it is rendered: the caller mounts it to open it and unmounts it to close it, and focus goes
 * back to where it was before.
 */
export function Dialog({ title, onClose, children, footer, size = 'medium', testId }: DialogProps) {
  const { t } = useTranslation('components');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Removing a modal dialog does not hand focus back by itself; but where the operator has already
      // put the focus elsewhere (closed with Esc, then clicked or tabbed on), it stays there.
      const now = document.activeElement;
      const focusLost = !now || now === document.body || dialog.contains(now);
      if (dialog.open) dialog.close();
      if (focusLost && returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: let the caller decide (it unmounts us), so React state stays the truth. A nested
        // dialog's Escape stops here: React would carry it up to the dialog around it and close that too.
        e.preventDefault();
        e.stopPropagation();
        onCloseRef.current();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-label={t('dialog.close')}
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      <div className="dialog-body">{children}</div>
      {footer && <footer className="dialog-footer">{footer}</footer>}
    </dialog>
  );
}
