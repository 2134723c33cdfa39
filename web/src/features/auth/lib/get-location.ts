export interface Coordinates {
  locationX?: number;
  locationY?: number;
}

/**
 * Asks the browser for the position at sign-in (spec 01 §2). Denial, an unanswered prompt or no
 * geolocation support all resolve to no coordinates after at most `timeoutMs`, so sign-in never waits long.
 */
export function getSignInLocation(timeoutMs = 3000): Promise<Coordinates> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve({});
      return;
    }
    const timer = setTimeout(() => resolve({}), timeoutMs);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        clearTimeout(timer);
        resolve({ locationX: pos.coords.latitude, locationY: pos.coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve({});
      },
      { timeout: timeoutMs, maximumAge: 600_000, enableHighAccuracy: false },
    );
  });
}
