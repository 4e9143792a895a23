/**
 * Screens keep their filters, page and tab while the user looks elsewhere, but that state belongs to
 * whoever is signed in: each screen's state module registers how to clear it, and signing in or out
 * clears them all. A screen never loaded (admin code for a customer) has nothing registered.
 */
const resets = new Set<() => void>();

export function clearOnSessionChange(reset: () => void): void {
  resets.add(reset);
}

export function clearSessionUiState(): void {
  for (const reset of resets) reset();
}
