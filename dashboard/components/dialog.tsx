import { useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { errorMessage, type ClientError } from '../../core/client/result';
import { FormMessage } from './text-input';

export interface ModalDialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** A wider dialog (tables, previews). */
  wide?: boolean;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Whether a click outside or Escape closes it; true unless given. */
  isDismissable?: boolean;
}

/**
 * A modal dialog (React Aria): focus moves in, is trapped while open and returns to the
 * element that opened it; Escape closes it.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { title, isOpen, onOpenChange, children, wide, role = 'dialog', isDismissable = true } = props;
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={wide ? 'modal modal--wide' : 'modal'}>
        <Dialog className="dialog" role={role}>
          {({ close }) => (
            <>
              <Heading slot="title">{title}</Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  children: ReactNode;
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open (with the button busy) until it settles. */
  onConfirm(): Promise<boolean | void> | boolean | void;
  danger?: boolean;
}

/** "Are you sure?": an alert dialog with Cancel (focused first) and the action. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, isOpen, onOpenChange, children, confirmLabel, onConfirm, danger = true } = props;
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog">
      {(close) => (
        <>
          {children}
          <div className="dialog-actions">
            <Button className="button" autoFocus onPress={close} isDisabled={busy}>
              Cancel
            </Button>
            <Button
              className={danger ? 'button button--danger' : 'button button--primary'}
              isDisabled={busy}
              onPress={async () => {
                setBusy(true);
                try {
                  const result = await onConfirm();
                  if (result !== false) close();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

export interface DeleteDialogProps {
  title: string;
  confirmLabel: string;
  /** Open while there is something to delete. */
  isOpen: boolean;
  onClose(): void;
  /** The delete call; a failure stays in the dialog, shown under the explanation. */
  remove(): Promise<{ error?: ClientError }>;
  children: ReactNode;
}

/** A confirmation that deletes something and keeps the dialog open with the reason if it fails. */
export function DeleteDialog({ title, confirmLabel, isOpen, onClose, remove, children }: DeleteDialogProps) {
  const [failure, setFailure] = useState<string>();
  return (
    <ConfirmDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          setFailure(undefined);
          onClose();
        }
      }}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        const { error } = await remove();
        if (error) setFailure(errorMessage(error));
        return !error;
      }}
    >
      {children}
      <FormMessage messages={[failure]} focus />
    </ConfirmDialog>
  );
}
