import { describeLimiterBehaviour } from "./limiter-test-suite.ts";
import { createMemoryLimiter } from "./memory.ts";

describeLimiterBehaviour("memory", async () => createMemoryLimiter(), { shared: false });
