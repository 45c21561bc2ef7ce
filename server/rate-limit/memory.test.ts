import { databaseFreeAlreadyRan } from "../../tests/support/database-free.ts";
import { describeLimiterBehaviour } from "./limiter-test-suite.ts";
import { createMemoryLimiter } from "./memory.ts";

describeLimiterBehaviour("memory", async () => createMemoryLimiter(), {
  shared: false,
  skip: databaseFreeAlreadyRan,
});
