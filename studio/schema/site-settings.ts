/** Site-wide texts editors may change: the home page hero, the responsible-gambling banner, the social link. */
import { defineField, defineType } from "sanity";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import { HERO_BUTTON, HERO_HEADLINE, HERO_SUBTEXT, RESPONSIBLE_BANNER } from "@shared/domain/site";

export const siteSettings = defineType({
  name: DOCUMENT_TYPES.siteSettings,
  title: "Site settings",
  type: "document",
  description:
    "Texts shown on the home page or on every page. Until these settings are published the site shows its built-in texts.",
  groups: [
    { name: "home", title: "Home page", default: true },
    { name: "everywhere", title: "Every page" },
  ],
  fields: [
    defineField({
      name: "heroHeadline",
      title: "Hero headline",
      type: "string",
      group: "home",
      description: `The home page's main heading. Built-in: “${HERO_HEADLINE}”.`,
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: "heroSubtext",
      title: "Hero subtext",
      type: "text",
      rows: 2,
      group: "home",
      description: `The sentence under the headline. Built-in: “${HERO_SUBTEXT}”.`,
      validation: (rule) => rule.required().max(160),
    }),
    defineField({
      name: "heroButtonLabel",
      title: "Hero button label",
      type: "string",
      group: "home",
      description: `The button to the picks page. Built-in: “${HERO_BUTTON}”.`,
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: "responsibleBanner",
      title: "Responsible gambling banner",
      type: "string",
      group: "everywhere",
      description: `The banner under the header. Built-in: “${RESPONSIBLE_BANNER}”.`,
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: "socialUrl",
      title: "Social media link",
      type: "url",
      group: "everywhere",
      description: "The footer's social-media link.",
      validation: (rule) => rule.required().uri({ scheme: ["https"] }),
    }),
  ],
  preview: { prepare: () => ({ title: "Site settings" }) },
});
