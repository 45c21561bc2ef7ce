import { describeLimiterBehaviour } from "./limiter-behaviour.ts";
import { createMemoryLimiter } from "./memory.ts";

describeLimiterBehaviour("memory", async () => createMemoryLimiter(), { shared: false });
