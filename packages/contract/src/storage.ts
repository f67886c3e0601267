/** Browser storage keys of spec §3, kept exactly. */
export const STORAGE_KEYS = {
  lang: 'lang',
  token: 'token',
  refreshToken: 'refresh_token',
  userId: 'id',
  oldToken: 'old_token',
  oldRefreshToken: 'old_refresh_token',
  oldUserId: 'old_id',
  menuHidden: 'main-menu-hide',
  cardsTableRowSettings: 'cards-table-row-settings',
} as const;
