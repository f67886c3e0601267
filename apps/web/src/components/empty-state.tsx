/** A list's "nothing here yet" card: an icon, a title and a hint (texts come translated). */
export function EmptyState({ icon, title, hint, testId }: { icon: string; title: string; hint: string; testId: string }) {
  return (
    <div className="state-view card" data-testid={testId}>
      <i className={`pi ${icon} state-view__icon`} aria-hidden="true" />
      {/* The page's next heading after its title (axe heading-order); sized as before. */}
      <h2 className="state-view__title">{title}</h2>
      <p>{hint}</p>
    </div>
  );
}
