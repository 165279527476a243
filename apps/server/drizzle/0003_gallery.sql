-- array_to_string is only STABLE, which a generated column may not use; joining text with a
-- space does not depend on any setting, so this wrapper is declared IMMUTABLE (hand-written).
CREATE OR REPLACE FUNCTION mocksmith_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE TABLE "api_likes" (
	"api_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_likes_api_id_user_id_pk" PRIMARY KEY("api_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"admin_id" text,
	"admin_name" text,
	"target" text NOT NULL,
	"api_id" uuid,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(mocksmith_tags_text("tags"), '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "api_likes" ADD CONSTRAINT "api_likes_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_likes" ADD CONSTRAINT "api_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_reports" ADD CONSTRAINT "template_reports_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_reports" ADD CONSTRAINT "template_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_reports" ADD CONSTRAINT "template_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_likes_user_id_index" ON "api_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_at_index" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "template_reports_open_key" ON "template_reports" USING btree ("api_id","reporter_id") WHERE "template_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "template_reports_open_queue" ON "template_reports" USING btree ("created_at") WHERE "template_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "apis_search_index" ON "apis" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "apis_gallery_popular_index" ON "apis" USING btree ("likes_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "apis"."is_public";--> statement-breakpoint
CREATE INDEX "apis_gallery_recent_index" ON "apis" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "apis"."is_public";--> statement-breakpoint
CREATE INDEX "apis_gallery_official_index" ON "apis" USING btree ("is_official" DESC NULLS LAST,"likes_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "apis"."is_public";--> statement-breakpoint
-- The official gallery templates (hand-written): two per category, fixed ids and request ids, no
-- owner. The showcase samples are official too; the app's samples service keeps those.
INSERT INTO "apis" ("id", "request_id", "owner_id", "name", "description", "template", "method", "is_public", "is_official", "category", "tags") VALUES
('0fc1a100-0000-4000-8000-000000000001', 'official-blog-1', NULL, 'Blog posts', 'A page of blog posts with author, tags, reading time and comment counts.', '{
  "posts": [
    {
      "__multiply": "5-10",
      "id": "uuid",
      "title": "string.review.title",
      "slug": "string.internet.slug",
      "excerpt": "lorem",
      "author": {
        "name": "string.name.fullname",
        "avatar": "string.internet.avatar"
      },
      "tags": "array.social.hashtags",
      "publishedAt": "string.time.past",
      "readingMinutes": "number.time.durationminutes",
      "comments": "number.social.comments"
    }
  ],
  "total": "number"
}', 'GET', true, true, 'blog', ARRAY['blog', 'posts', 'cms']::text[]),
('0fc1a100-0000-4000-8000-000000000002', 'official-blog-2', NULL, 'CMS page with comments', 'One CMS article with its body, SEO fields and a thread of reader comments.', '{
  "id": "uuid",
  "title": "string.review.title",
  "slug": "string.internet.slug",
  "body": "lorem",
  "seo": {
    "description": "string.product.description",
    "keywords": "array.social.hashtags"
  },
  "updatedAt": "string.time.recent",
  "comments": [
    {
      "__multiply": "2-6",
      "id": "uuid",
      "author": "string.internet.username",
      "text": "string.social.comment",
      "createdAt": "string.time.recent"
    }
  ]
}', 'GET', true, true, 'blog', ARRAY['cms', 'article', 'comments']::text[]),
('0fc1a100-0000-4000-8000-000000000003', 'official-ecommerce-1', NULL, 'Product catalogue', 'A product listing with prices, stock, ratings and images for a shop front.', '{
  "products": [
    {
      "__multiply": "8-12",
      "id": "uuid",
      "sku": "string.product.sku",
      "name": "string.product.name",
      "brand": "string.product.brand",
      "category": "string.product.category",
      "price": "number.product.price",
      "currency": "string.money.currency",
      "inStock": "boolean.product.instock",
      "stock": "number.product.stock",
      "rating": "number.product.rating",
      "image": "string.product.imageurl"
    }
  ]
}', 'GET', true, true, 'ecommerce', ARRAY['products', 'shop', 'catalogue']::text[]),
('0fc1a100-0000-4000-8000-000000000004', 'official-ecommerce-2', NULL, 'Order with line items', 'A customer order: shipping address, line items, totals and payment status.', '{
  "orderId": "uuid",
  "placedAt": "string.time.past",
  "customer": {
    "name": "string.name.fullname",
    "email": "email"
  },
  "shipping": {
    "street": "string.address.street",
    "city": "string.address.city",
    "postcode": "string.address.postcode",
    "country": "string.address.country"
  },
  "items": [
    {
      "__multiply": "1-5",
      "sku": "string.product.sku",
      "name": "string.product.name",
      "quantity": {
        "__number": {
          "min": 1,
          "max": 4,
          "integer": true
        }
      },
      "unitPrice": "number.product.price"
    }
  ],
  "total": "number.money.amount",
  "status": {
    "__oneOf": [
      "pending",
      "paid",
      "shipped",
      "delivered"
    ]
  }
}', 'GET', true, true, 'ecommerce', ARRAY['orders', 'checkout', 'cart']::text[]),
('0fc1a100-0000-4000-8000-000000000005', 'official-social-1', NULL, 'Social feed', 'A social timeline of posts with authors, hashtags, likes, shares and comments.', '{
  "posts": [
    {
      "__multiply": "10-10",
      "id": "string.social.postid",
      "author": {
        "username": "string.social.username",
        "displayName": "string.social.displayname",
        "verified": "boolean.social.verified"
      },
      "content": "string.social.post",
      "hashtags": "array.social.hashtags",
      "likes": "number.social.likes",
      "shares": "number.social.shares",
      "comments": "number.social.comments",
      "createdAt": "string.social.createdat"
    }
  ]
}', 'GET', true, true, 'social', ARRAY['feed', 'posts', 'timeline']::text[]),
('0fc1a100-0000-4000-8000-000000000006', 'official-social-2', NULL, 'User profile', 'A public social profile with bio, follower counts and recent posts.', '{
  "username": "string.social.username",
  "displayName": "string.social.displayname",
  "bio": "string.social.bio",
  "avatar": "string.social.avatar",
  "location": "string.social.location",
  "followers": "number.social.followers",
  "following": "number.social.following",
  "verified": "boolean.social.verified",
  "recentPosts": [
    {
      "__multiply": "3-3",
      "id": "string.social.postid",
      "content": "string.social.post",
      "likes": "number.social.likes"
    }
  ]
}', 'GET', true, true, 'social', ARRAY['profile', 'users', 'followers']::text[]),
('0fc1a100-0000-4000-8000-000000000007', 'official-analytics-1', NULL, 'Traffic dashboard', 'Website traffic for a dashboard: visitors, bounce rate, sources and daily visits.', '{
  "site": "string.analytics.domain",
  "totalVisitors": "number.analytics.totalvisitors",
  "pageViews": "number.analytics.pageviews",
  "bounceRate": "number.analytics.bounce",
  "avgSessionSeconds": "number.analytics.sessionduration",
  "sources": "array.analytics.trafficsources",
  "dailyVisits": "array.analytics.dailyvisits",
  "devices": "array.analytics.devices"
}', 'GET', true, true, 'analytics', ARRAY['dashboard', 'traffic', 'metrics']::text[]),
('0fc1a100-0000-4000-8000-000000000008', 'official-analytics-2', NULL, 'Event tracking log', 'Raw product-analytics events with page, referrer, browser and conversion data.', '{
  "events": [
    {
      "__multiply": "10-20",
      "id": "uuid",
      "event": "string.analytics.event",
      "page": "string.analytics.pagepath",
      "referrer": "string.analytics.referrer",
      "browser": "string.analytics.browser",
      "os": "string.analytics.os",
      "timestamp": "string.time.iso"
    }
  ],
  "conversionRate": "number.analytics.conversionrate"
}', 'GET', true, true, 'analytics', ARRAY['events', 'tracking', 'funnel']::text[]),
('0fc1a100-0000-4000-8000-000000000009', 'official-auth-1', NULL, 'Login response', 'A successful sign-in: access and refresh tokens, expiry and the signed-in user.', '{
  "accessToken": "string.internet.apikey",
  "refreshToken": "string.internet.apikey",
  "tokenType": {
    "__literal": "Bearer"
  },
  "expiresIn": {
    "__number": {
      "min": 900,
      "max": 3600,
      "integer": true
    }
  },
  "user": {
    "id": "uuid",
    "email": "email",
    "name": "string.name.fullname",
    "roles": {
      "__oneOf": [
        [
          "user"
        ],
        [
          "user",
          "admin"
        ]
      ]
    }
  }
}', 'GET', true, true, 'auth', ARRAY['login', 'token', 'session']::text[]),
('0fc1a100-0000-4000-8000-000000000010', 'official-auth-2', NULL, 'User accounts list', 'An admin list of user accounts with roles, status, last sign-in and IP.', '{
  "users": [
    {
      "__multiply": "5-10",
      "id": "uuid",
      "email": "email",
      "username": "string.internet.username",
      "role": {
        "__oneOf": [
          "admin",
          "editor",
          "viewer"
        ]
      },
      "active": "boolean",
      "lastLoginAt": "string.time.recent",
      "lastLoginIp": "string.internet.ipv4"
    }
  ]
}', 'GET', true, true, 'auth', ARRAY['users', 'accounts', 'admin']::text[]),
('0fc1a100-0000-4000-8000-000000000011', 'official-other-1', NULL, 'Event listings', 'Upcoming events with venue, date, capacity, price and availability.', '{
  "events": [
    {
      "__multiply": "5-8",
      "id": "uuid",
      "name": "string.event.name",
      "type": "string.event.type",
      "venue": "string.event.venue",
      "city": "string.event.city",
      "date": "string.event.date",
      "capacity": "number.event.capacity",
      "price": "number.event.price",
      "currency": "string.event.currency",
      "available": "boolean.event.available"
    }
  ]
}', 'GET', true, true, 'other', ARRAY['events', 'tickets', 'venues']::text[]),
('0fc1a100-0000-4000-8000-000000000012', 'official-other-2', NULL, 'Company directory', 'A company directory: employees with job titles, departments and contact details.', '{
  "company": {
    "name": "string.company.name",
    "industry": "string.company.industry",
    "founded": "number.company.founded"
  },
  "employees": [
    {
      "__multiply": "6-12",
      "id": "uuid",
      "name": "string.name.fullname",
      "jobTitle": "string.name.jobtitle",
      "department": "string.company.department",
      "email": "string.mail.corporate",
      "timezone": "string.address.timezone"
    }
  ]
}', 'GET', true, true, 'other', ARRAY['company', 'employees', 'directory']::text[])
ON CONFLICT ("request_id") DO NOTHING;
