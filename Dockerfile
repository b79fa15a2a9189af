# One image for every Veil role (VEIL_ROLE = all | game | ai | gateway); see docs/operations.md.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY . .
# devDependencies included: the services run their TypeScript through tsx, and Vite builds the
# web client the gateway serves.
RUN npm ci --include=dev --no-audit --no-fund && npm run build -w @veil/web
USER node
EXPOSE 3000
CMD ["node", "--initial-old-space-size=256", "--max-semi-space-size=64", "--v8-pool-size=1", "services/cli/bin/veil.js", "start"]
