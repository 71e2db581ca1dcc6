package auth

// ChangesChannel is the notification channel on which every change to an
// account or to a session that names one is announced, with the
// account's id as the payload, by triggers in the changing transaction
// (migration 00019): every writer is heard, the web, `practicum user` and
// an operator's psql alike.
const ChangesChannel = "practicum_accounts"
