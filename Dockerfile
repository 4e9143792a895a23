FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY infra/package.json infra/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projector/package.json projector/
COPY pwa/package.json pwa/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
