/**
 * A notice for the operator: the shape the notices store keeps and the notice bar shows. It lives
 * below both (src/session and src/components) so neither imports the other for it.
 */
export interface NoticeItem {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** When it happened (epoch ms): an operator may read it hours later. */
  at: number;
  /** One thing to do about it ("Undo"): running it also dismisses the notice. */
  action?: NoticeAction;
}

export interface NoticeAction {
  label: string;
  run(): void;
}
