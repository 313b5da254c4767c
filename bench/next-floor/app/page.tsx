import { Greeting } from "./greeting";

// The empty page bench:web compares Home with: one client component that greets once hydrated.
export default function Page() {
  return <Greeting />;
}
