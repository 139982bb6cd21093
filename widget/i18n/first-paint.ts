/**
 * The English strings of the sign-in form that `widget.js` paints itself while the app loads
 * (part of the English catalogue, which spreads them in).
 */
export const firstPaintStrings = {
  signInTitle: 'Find your invitation',
  signInByCode: 'Enter the code printed on your invitation.',
  inviteCode: 'Invite code',
  inviteCodeHint: 'For example ABCD-EFGH-JKMN',
  signIn: 'Continue',
  useName: "I don't have my invite code",
} as const;

/** The languages besides English that ship (their catalogues are chunks of the app). */
export const OTHER_LANGUAGES: readonly string[] = ['es', 'fr', 'de', 'it', 'pt'];
