import { ComingSoon } from "@/components/ui/coming-soon";

// Not built yet: says so honestly instead of showing made-up data.
export default ComingSoon;
