"use client";
import { useEffect, useState } from "react";

export function Greeting() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? <h1 data-testid="greeting">Hello</h1> : null;
}
