/** The carrier's public tracking page (Parcelforce) for a tracking number. */
export const trackingUrl = (trackingNumber: string): string =>
  `https://www.parcelforce.com/track-trace?trackNumber=${encodeURIComponent(trackingNumber.trim())}`;
