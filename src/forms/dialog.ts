/**
 * Dialog sizes of the spec (sm, md, lg; default lg) as MUI max widths; xl for
 * a wizard whose steps and tables need more room (Launch Instance).
 */
export const DIALOG_WIDTH = { sm: 'xs', md: 'sm', lg: 'md', xl: 'lg' } as const;

/**
 * The onClose of a modal with a static backdrop (spec 1 §9): only Cancel,
 * Escape or a submit close it, and nothing closes it while it submits.
 */
export function staticBackdropClose(busy: boolean, onClose: () => void) {
  return (_event: unknown, reason: string) => {
    if (reason !== 'backdropClick' && !busy) onClose();
  };
}
