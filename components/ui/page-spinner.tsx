export function PageSpinner() {
  return (
    <div className="page-spinner" role="progressbar" aria-busy="true">
      <span className="spinner" />
    </div>
  );
}
