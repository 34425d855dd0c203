import "server-only";
import type { Channel } from "@/lib/register/list";
import type { HandoffChannel } from "@/lib/handoffs/channel";
import { mailChannel } from "@/lib/handoffs/mail/channel";
import { portalChannel } from "@/lib/handoffs/portal/channel";
import { postChannel } from "@/lib/handoffs/print/channel";

/** Each resident's channel (lib/register/list.ts) and how it hands a document on (channel.ts). */
export const channels: Record<Channel, HandoffChannel> = {
  email: mailChannel,
  portal: portalChannel,
  post: postChannel,
};
