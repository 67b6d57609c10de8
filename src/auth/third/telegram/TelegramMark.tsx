/** Telegram's paper-plane mark, white, drawn inline (no image request, so it follows the CSP and the text colour). */
export function TelegramMark() {
  return (
    <svg
      className="telegram-sign-in__mark"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M21.4 4.3 2.9 11.4c-1 .4-1 1 0 1.3l4.6 1.4 1.8 5.5c.2.6.5.8 1 .4l2.6-2.1 5 3.6c.6.4 1.1.2 1.3-.6l3.3-15.2c.3-1.3-.3-1.8-1.1-1.4Zm-12 10.2 8.6-5.4c.4-.3.8-.1.5.2l-7.1 6.4-.3 3-1.7-4.2Z"
      />
    </svg>
  );
}
