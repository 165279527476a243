-- The valid call of bench/validation.ts for wrk: a POST with its bearer, trace header and body.
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer t"
wrk.headers["X-Trace"] = "0badc0de"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"sku":"ABC-12","qty":2,"note":"by the door","gift":false,"price":9.5,"email":"ann@example.com","when":"2026-11-29T10:00:00Z","tags":["a","b"]}'
