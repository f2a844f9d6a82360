/** The site's paths carry ids base64-encoded: 12 is `MTI=` (`/api/notice/MTI=`, `/api/admin/MTI=`). */
export function encodeBase64Id(id: number): string {
  return btoa(String(id));
}
