// The client script of every page: each enhancement does nothing when its data-* hook is absent.
import { enhanceMenu } from "./menu.ts";
import { logNotFound } from "./not-found.ts";
import { enhanceWaitlist } from "./waitlist.ts";

enhanceMenu();
enhanceWaitlist();
logNotFound();
