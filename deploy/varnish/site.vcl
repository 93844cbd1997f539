# The caching proxy in front of the web processes (Varnish 7.1, Debian's package).
#
# - Keeps every public answer for its s-maxage (pages 60 s, live pages 10 s, the live score
#   15 s) and serves it stale for its stale-while-revalidate while one request refreshes it.
# - Drops answers by surrogate key when a web process asks: `PURGE /` with a `Surrogate-Key`
#   header naming the keys, from the addresses in `purgers` (web/proxy/purge.ts). The site
#   purges the data scopes a write changed (`data`, `live`, `content`) at every write.
# - Passes what is personal (the preview and internal pages' fkp_ cookies, Authorization) and
#   what the site says no shared cache may keep (no-store, private, Set-Cookie).
# - Spreads requests over the web processes, skips one whose /healthz fails, and retries a
#   request on another process when one refuses the connection (a rolling restart).
#
# `npm run cluster` (deploy/cluster.ts) writes the backend list between the markers below.
vcl 4.1;

import directors;
import std;

# backends:begin
backend web1 {
    .host = "127.0.0.1";
    .port = "3101";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .probe = { .url = "/healthz"; .interval = 1s; .timeout = 2s; .window = 5; .threshold = 2; .initial = 2; }
}
backend web2 {
    .host = "127.0.0.1";
    .port = "3102";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .probe = { .url = "/healthz"; .interval = 1s; .timeout = 2s; .window = 5; .threshold = 2; .initial = 2; }
}
# backends:end

acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new site = directors.round_robin();
    # directors:begin
    site.add_backend(web1);
    site.add_backend(web2);
    # directors:end
}

sub vcl_recv {
    set req.backend_hint = site.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is not allowed from this address"));
        }
        if (req.http.Surrogate-Key !~ "^[a-z0-9][a-z0-9-]*( [a-z0-9][a-z0-9-]*)*$") {
            return (synth(400, "Name the keys to purge in Surrogate-Key, separated by spaces"));
        }
        # A ban on the stored headers alone: the ban lurker applies it in the background.
        # (No space in the expression's regex: the ban parser splits its arguments on spaces.)
        if (!std.ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")(\s|$)")) {
            return (synth(400, std.ban_error()));
        }
        return (synth(200, "Purged"));
    }

    # One id per request, from here to the site's log line (the site trusts loopback proxies).
    if (!req.http.X-Request-Id) {
        set req.http.X-Request-Id = "varnish-" + req.xid;
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)fkp_") {
        return (pass);
    }
    # Nothing else in a cookie changes a public answer (the theme and My Teams live in the browser).
    unset req.http.Cookie;
    # Shared answers are the same for every client: one copy per encoding Varnish stores (gzip).
    if (req.http.Accept ~ "text/html") {
        set req.http.X-Accept-Html = "1";
    }
    return (hash);
}

sub vcl_hash {
    # The site answers /api/ with JSON or, for a browser, HTML: the same split as its own cache.
    hash_data(req.http.X-Accept-Html);
}

sub vcl_backend_fetch {
    # Chosen again on a retry, so that it goes to the next process.
    set bereq.backend = site.backend();
}

sub vcl_backend_response {
    # Grace comes from stale-while-revalidate; keep nothing the site marks personal, nor a page's
    # previous answer sent while its new one is rendered (Surrogate-Control: no-store).
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(no-store|private)" || beresp.http.Surrogate-Control ~ "no-store") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    return (deliver);
}

sub vcl_backend_error {
    # A process going away refuses the connection: ask the next one, twice at most.
    if (bereq.retries < 2) {
        return (retry);
    }
}

sub vcl_deliver {
    # The id of this request, not of the one that filled the cache.
    set resp.http.X-Request-Id = req.http.X-Request-Id;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are for this proxy; the site's Server-Timing is about the request that filled it.
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    unset resp.http.Cache-Tag;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}
