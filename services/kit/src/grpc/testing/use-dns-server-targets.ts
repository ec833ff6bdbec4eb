// Imported before @grpc/grpc-js by tests that resolve names through a DNS server of their own
// (testing/dns-server.ts): grpc-js reads this variable once, when it loads. With it, a target
// `dns://<dns server>/name:port` asks that server (Node's dns.Resolver); without it, grpc-js
// resolves every name with the system's resolver (dns.lookup: /etc/hosts, which a test cannot
// change). Resolution, balancing and re-resolution are grpc-js's own either way.
process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER = 'true';
