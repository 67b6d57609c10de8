/** What a sign-in method's button says under itself: what it is doing now, and why it stopped. */
export function MethodNotes({
  status,
  problem,
  statusClass,
}: {
  status: string | null;
  problem: string | null;
  statusClass: string;
}) {
  return (
    <>
      {status && (
        <p className={statusClass} role="status">
          {status}
        </p>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
