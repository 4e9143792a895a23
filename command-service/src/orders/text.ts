/** What an admin typed, trimmed; blank means "none". */
export const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** For a change: undefined means "not part of this change", '' or null means "clear it". */
export const changedText = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : blankToNull(value);
