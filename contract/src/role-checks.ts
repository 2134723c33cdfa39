/** Partner area: Admin or any role containing "Partner" (spec 01 §2). */
export function isPartnerRole(role: string | null | undefined): boolean {
  return !!role && (role === 'Admin' || role.includes('Partner'));
}
